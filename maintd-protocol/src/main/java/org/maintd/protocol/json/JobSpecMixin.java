package org.maintd.protocol.json;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** A job specification is written without what is derived from its operations. */
@JsonIgnoreProperties({"repair", "nodes", "instances"})
interface JobSpecMixin {}
