package io.github.artifactio.it.fuzz;

/**
 * One mutant: what was changed (for the report and for reproducing it), its bytes, and which differences from the
 * seed's values a successful read may show.
 *
 * @param kind the family of mutation, counted separately in {@code fuzz.json}
 * @param what a sentence naming the change (field, page, offset), kept with a failing mutant
 */
record Mutation(Kind kind, String what, byte[] bytes, Allowance allowance) {
  enum Kind {
    /** One to four bytes flipped anywhere. */
    FLIP_ANYWHERE,
    /** One to four bytes flipped in the footer (the Thrift metadata, its length, the magic). */
    FLIP_FOOTER,
    /** One byte flipped inside a page body, and the page's CRC32 recomputed so the page still verifies. */
    BODY_FLIP_CRC_FIXED,
    /** One field of one page header changed, the header keeping its length (so every offset stays right). */
    PAGE_HEADER_FIELD,
    /** One field of the footer changed: row and value counts, encodings, repetition, types, sizes, offsets, names. */
    FOOTER_FIELD,
    /** The file cut short, or its data cut short under an intact footer. */
    TRUNCATE
  }

  /** Which silent differences a read of the mutant may show. */
  enum Allowance {
    /** None: the change is detectable (a CRC, a cross-check, a size), so a read gives the seed's values or an error. */
    NONE,
    /** A page body without a CRC, or one whose CRC was fixed: only the content hash can tell a changed value. */
    VALUES,
    /** A name or a declared type changed while every value's bits stay: only the content hash can tell. */
    METADATA
  }
}
