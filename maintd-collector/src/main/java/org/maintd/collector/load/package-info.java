/**
 * The node's load, measured as Ganeti's mond measures it and reported in mond's shape: {@code
 * cpu-avg-load} from {@code /proc/stat} sampled over a window ({@link
 * org.maintd.collector.load.CpuWindow}, {@link org.maintd.collector.load.CpuSampler}), or from a
 * file in a simulation; {@code kvm-inst-rss} from the KVM pid files and {@code /proc/PID/statm}
 * ({@link org.maintd.collector.load.KvmRss}). Reads files; the sampler runs on its own thread.
 */
package org.maintd.collector.load;
