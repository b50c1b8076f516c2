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
def r = finding(json, "ERROR", "ids.parquet", "contiguous-ids", "[contiguous-ids] ids.parquet, column 'candidate_id', row group 0: id 3001 at row 3000, but ids must be the contiguous range 0..n-1 in row order (id == row) (first offending row 3000; 2000 violations)")
assert r.status == "FAIL"
assert r.findings[0].row == 3000 && r.findings[0].count == 2000 && r.findings[0].column == "candidate_id"
assert log.contains("BUILD FAILURE")
assert result(json, "ids.parquet", "contract").observed == "ids: 2 columns, 5000 rows"
