// Writes the Polars fixtures of testdata/polars with Polars' writer (nodejs-polars 0.25.2, Polars' Rust writer,
// with Python Polars' default codec zstd for the first: strings as Utf8View, categoricals as Dictionary(UInt32,
// Utf8View), lists as LargeList; nodejs-polars' own default codec is uncompressed, kept for the second).
// Run from a folder where `npm i -E nodejs-polars@0.25.2 nodejs-polars-linux-x64-gnu@0.25.2` was run:
//   node make.js OUT_DIR
const pl = require('nodejs-polars');
const out = process.argv[2];
pl.DataFrame({
  id: pl.Series('id', [0, 1, 2, 3], pl.Int64),
  peptide: ['PEPTIDE', 'ACDK', null, 'MK'],
  label: pl.Series('label', ['target', 'decoy', 'target', null]).cast(pl.Categorical),
  mz: pl.Series('mz', [[401.5, 402.25], [], null, [733.0]], pl.List(pl.Float64)),
  intensity: pl.Series('intensity', [[1.5], [0.25, 0.5], [], null], pl.List(pl.Float32)),
}).writeParquet(out + '/polars_strings_and_lists.parquet', { compression: 'zstd' });
pl.DataFrame({
  id: pl.Series('id', [0, 1, 2], pl.Int64),
  intensity: pl.Series('intensity', [[1.5], [2.5, null], []], pl.List(pl.Float32)),
}).writeParquet(out + '/polars_null_list_items.parquet');
