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
def r = finding(json, "ERROR", "library_precursors.parquet", "ascending", "[ascending] library_precursors.parquet, column 'precursor_mz', row group 0: 100.0 follows 424.99; values must be non-decreasing (first offending row 2500; 1 violation)")
assert r.status == "FAIL"
assert result(json, "library_precursors.parquet", "contiguous-ids").status == "PASS"
assert log.contains("BUILD FAILURE")
