/**
 * {@link io.github.artifactio.engine.inspect.Inspector#inspect(java.nio.file.Path)}: everything a reviewer needs to
 * know about an artifact without a notebook (schema, row groups, codecs, encodings, page indexes, statistics,
 * metadata, the first rows), as text or as an {@link io.github.artifactio.engine.inspect.InspectReport}.
 */
package io.github.artifactio.engine.inspect;
