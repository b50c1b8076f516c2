/** artifact-io engine. */
package io.github.artifactio.engine;
