// Reads Parquet files with Polars (nodejs-polars: Polars' Rust reader) and prints, per file, one JSON line:
// {"file": ..., "columns": {name: {"dtype": ..., "values": [token, ...]}}} with exact, language-neutral tokens:
// integers as decimal strings (cast by Polars itself, so no JavaScript number rounds an Int64), floats as the 16 hex
// digits of their IEEE 754 double bits (Float32 widened exactly) or "NaN", booleans as true/false, strings as they
// are, null as null, lists as arrays of tokens. A file Polars refuses prints {"file": ..., "error": message}.
const pl = require('nodejs-polars');

function floatToken(x) {
  if (x === null || x === undefined) return null;
  if (Number.isNaN(x)) return 'NaN';
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  return view.getBigUint64(0).toString(16).padStart(16, '0');
}

function tokens(series) {
  const dtype = String(series.dtype);
  if (/Int|UInt/.test(dtype) && !/List/.test(dtype)) {
    return series.cast(pl.Utf8).toArray();
  }
  const values = series.toArray();
  return values.map(function token(v) {
    if (v === null || v === undefined) return null;
    if (Array.isArray(v)) return v.map(token);
    if (v && typeof v.toArray === 'function') return v.toArray().map(token);
    if (typeof v === 'number') return floatToken(v);
    if (typeof v === 'bigint') return v.toString();
    return v;
  });
}

for (const file of process.argv.slice(2)) {
  try {
    const df = pl.readParquet(file);
    const columns = {};
    for (const name of df.columns) {
      const s = df.getColumn(name);
      columns[name] = { dtype: String(s.dtype), values: tokens(s) };
    }
    console.log(JSON.stringify({ file, columns }));
  } catch (e) {
    console.log(JSON.stringify({ file, error: String(e) }));
  }
}
