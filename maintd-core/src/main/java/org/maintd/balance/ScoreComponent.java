package org.maintd.balance;

/**
 * The terms of the cluster score, in hbal's order, with hbal's names and weights. Spreads are
 * population standard deviations over the online nodes; counts are sums (the two offline terms over
 * the offline nodes).
 */
public enum ScoreComponent {
  FREE_MEM_CV("free_mem_cv", 0.5),
  FREE_DISK_CV("free_disk_cv", 0.5),
  N1_CNT("n1_cnt", 1),
  RESERVED_MEM_CV("reserved_mem_cv", 1),
  OFFLINE_ALL_CNT("offline_all_cnt", 4),
  OFFLINE_PRI_CNT("offline_pri_cnt", 16),
  VCPU_RATIO_CV("vcpu_ratio_cv", 0.5),
  CPU_LOAD_CV("cpu_load_cv", 1),
  MEM_LOAD_CV("mem_load_cv", 1),
  DISK_LOAD_CV("disk_load_cv", 1),
  NET_LOAD_CV("net_load_cv", 1),
  PRI_TAGS_SCORE("pri_tags_score", 2),
  SPINDLES_CV("spindles_cv", 0.5),
  FREE_MEM_CV_FORTH("free_mem_cv_forth", 0.5),
  FREE_DISK_CV_FORTH("free_disk_cv_forth", 0.5),
  VCPU_RATIO_CV_FORTH("vcpu_ratio_cv_forth", 0.5),
  SPINDLES_CV_FORTH("spindles_cv_forth", 0.5),
  LOCATION_SCORE("location_score", 1),
  LOCATION_EXCLUSION_SCORE("location_exclusion_score", 1),
  RESERVED_MEM_RTOTAL("reserved_mem_rtotal", 0.25);

  private final String label;
  private final double weight;

  ScoreComponent(String label, double weight) {
    this.label = label;
    this.weight = weight;
  }

  public String label() {
    return label;
  }

  public double weight() {
    return weight;
  }
}
