log = new File(basedir, "build.log").text
def report(String dir = ".") { new groovy.json.JsonSlurper().parse(new File(basedir, dir + "/target/artifact-io/validation.json")) }
def result(json, String file, String rule) {
  def r = json.results.find { it.file == file && it.rule == rule }
  assert r != null : "no $rule result for $file"
  return r
}
/** The finding is logged at its level and recorded in validation.json with the same message. */
def finding(json, String level, String file, String rule, String message) {
  assert log.contains("[" + level + "] " + message) : message
  def r = result(json, file, rule)
  assert r.findings*.message.contains(message) : r.findings*.message
  return r
}
def json = report()
def r = finding(json, "ERROR", "peptidoforms.parquet", "string-type", "[string-type] peptidoforms.parquet, column 'peptidoform': an Arrow reader types it LargeUtf8 (from ARROW:schema), not Utf8, and the Rust engine reads only Utf8; cast the column to Arrow utf8 before writing (pyarrow: pa.string(); Polars writes every String column as LargeUtf8 or Utf8View, so convert with df.to_arrow(), cast the column to pa.string() and write with pyarrow.parquet; DuckDB's COPY writes Utf8) (1 violation)")
assert r.status == "FAIL" && r.observed == "LargeUtf8"
assert log.contains("BUILD FAILURE")
