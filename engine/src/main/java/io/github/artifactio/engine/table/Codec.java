package io.github.artifactio.engine.table;

/** The compression codecs the engine writes. SNAPPY is the contract default: the Rust engine reads it everywhere. */
public enum Codec {
  SNAPPY,
  UNCOMPRESSED
}
