package org.maintd.protocol.sim;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * {@code POST /1/sim/tags}: add or remove a tag on a node, an instance, a group or the cluster
 * ({@code cluster}: true). The answer names the object and its tags now.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SimTag(
    String node,
    String instance,
    String group,
    Boolean cluster,
    String action,
    String tag,
    List<String> tags) {}
