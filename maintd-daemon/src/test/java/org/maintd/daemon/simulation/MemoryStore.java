package org.maintd.daemon.simulation;

import java.time.Instant;
import org.maintd.protocol.state.StateCodec;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StateStore;
import org.maintd.spi.StoreException;

/**
 * The state file of a simulation, kept in memory, with the file store's compare-and-set on the
 * serial. A write may be made to fail (a full disk); then nothing is written. It outlives the
 * runners the simulation crashes and restarts, which read it back through the state file's codec.
 * The text is made when it is read rather than at every write: the codec is a pure function of the
 * state, so it is the text the write would have made.
 */
final class MemoryStore implements StateStore {
  private final StateCodec codec = new StateCodec();
  private MaintdState saved;
  private String text;
  private long loadedSerial = -1;
  private int failNext;
  private int writes;

  @Override
  public boolean exists() {
    return saved != null;
  }

  @Override
  public String where() {
    return "memory";
  }

  @Override
  public MaintdState load(Instant now) {
    MaintdState state = saved == null ? MaintdState.initial(now) : codec.read(text());
    loadedSerial = state.serial();
    return state;
  }

  @Override
  public MaintdState save(MaintdState state) {
    if (state.serial() != loadedSerial + 1) {
      throw new StoreException(
          "state write refused: serial "
              + state.serial()
              + " does not follow the stored "
              + loadedSerial);
    }
    if (failNext > 0) {
      failNext--;
      throw new StoreException("cannot write state file: No space left on device (simulated)");
    }
    saved = state;
    text = null;
    loadedSerial = state.serial();
    writes++;
    return state;
  }

  /** The last state written, as it was given; null before the first write. */
  MaintdState saved() {
    return saved;
  }

  /** The file's text; null before the first write. */
  String text() {
    if (text == null && saved != null) {
      text = codec.write(saved);
    }
    return text;
  }

  void failNextWrite() {
    failNext++;
  }

  void heal() {
    failNext = 0;
  }

  int writes() {
    return writes;
  }

  @Override
  public void close() {}
}
