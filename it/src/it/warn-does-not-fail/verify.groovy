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
def r = finding(json, "WARNING", "zstd.parquet", "codec", "[codec] zstd.parquet, row group 0: columns 'id', 'mz': compressed with ZSTD, not one of the allowed codecs [SNAPPY, UNCOMPRESSED] (2 violations)")
assert r.status == "WARN" && r.severity == "WARN"
assert json.passed
assert log =~ /codec\s+WARN \(2\)\s+ZSTD/
assert log.contains("BUILD SUCCESS")
