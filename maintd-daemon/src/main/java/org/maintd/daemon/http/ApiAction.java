package org.maintd.daemon.http;

/**
 * What one endpoint does with a request: returns one of maintd-protocol's records (sent as JSON) or
 * an {@link ApiText}, or throws what the {@link ApiHandler} turns into an HTTP error.
 */
@FunctionalInterface
public interface ApiAction {
  Object run(ApiCall call) throws Exception;

  /**
   * Refuses the request before it is authenticated, when its action could not run anyway (a
   * standby's commands): throws what the {@link ApiHandler} answers. Nothing by default.
   */
  default void admit() {}

  /** {@code action}, admitted only when {@code admit} does not throw. */
  static ApiAction admitted(Runnable admit, ApiAction action) {
    return new ApiAction() {
      @Override
      public Object run(ApiCall call) throws Exception {
        return action.run(call);
      }

      @Override
      public void admit() {
        admit.run();
      }
    };
  }
}
