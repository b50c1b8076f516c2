package io.github.artifactio.engine.layout;

/**
 * One key of a row group's declared sort order, as the footer records it (writers record it, none checks it).
 *
 * @param leaf the leaf index the key names, as written (it may name no leaf of the row group)
 * @param descending whether the key sorts descending
 * @param nullsFirst whether nulls sort before values (whatever the direction)
 */
public record SortingColumn(int leaf, boolean descending, boolean nullsFirst) {}
