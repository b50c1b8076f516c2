package io.github.artifactio.engine.layout;

/** The kind of a page, from its header. */
public enum PageKind {
  DICTIONARY,
  DATA_V1,
  DATA_V2,
  INDEX;

  public boolean isData() {
    return this == DATA_V1 || this == DATA_V2;
  }
}
