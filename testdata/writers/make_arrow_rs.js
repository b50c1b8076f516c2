// Writes testdata/writers/arrow_rs_precursors.parquet with arrow-rs: parquet-wasm 0.8.0 is arrow-rs's parquet crate
// compiled to WebAssembly, so the file is arrow-rs's writer's own (its footer's created_by names parquet-rs). The
// rows are duckdb_precursors.parquet's, read by arrow-rs's reader into Arrow and written again, so the two files hold
// the same table written by two independent writers. arrow-rs's writer defaults but for the codec, SNAPPY, as DuckDB's.
// Run from a folder where `npm i -E parquet-wasm@0.8.0` was run:
//   node make_arrow_rs.js testdata/writers
const fs = require('fs');
const path = require('path');
const pq = require('parquet-wasm/node');
const dir = process.argv[2];
const table = pq.readParquet(fs.readFileSync(path.join(dir, 'duckdb_precursors.parquet')));
const properties = new pq.WriterPropertiesBuilder().setCompression(pq.Compression.SNAPPY).build();
fs.writeFileSync(path.join(dir, 'arrow_rs_precursors.parquet'), pq.writeParquet(table, properties));
