package io.github.artifactio.engine.internal.parquet.read;

import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.Type;

/**
 * A converter tree that mirrors a schema and does nothing. parquet-java's {@code ColumnReadStoreImpl} walks a
 * converter tree to find each leaf's converter even when, as here, values are pulled from the {@code ColumnReader}
 * directly rather than pushed into converters.
 */
final class NoOpConverters {
  private NoOpConverters() {}

  static GroupConverter forGroup(GroupType group) {
    Converter[] children = new Converter[group.getFieldCount()];
    for (int i = 0; i < children.length; i++) {
      Type t = group.getType(i);
      children[i] = t.isPrimitive() ? new PrimitiveConverter() {} : forGroup(t.asGroupType());
    }
    return new GroupConverter() {
      @Override
      public Converter getConverter(int fieldIndex) {
        return children[fieldIndex];
      }

      @Override
      public void start() {}

      @Override
      public void end() {}
    };
  }
}
