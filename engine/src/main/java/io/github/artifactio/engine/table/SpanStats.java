package io.github.artifactio.engine.table;

/**
 * What a coalesced scan's span cache did: spans planned, spans read (each at most once), chunk reads that bypassed
 * the cache, prefetches issued, and the span bytes held now and at most.
 */
public record SpanStats(
    int spans, long spanReads, long directReads, long prefetches, long residentBytes, long peakResidentBytes) {}
