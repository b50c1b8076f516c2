log = new File(basedir, "build.log").text
def json = new groovy.json.JsonSlurper().parse(new File(basedir, "target/artifact-io/validation.json"))
def r = json.results.find { it.file == "legacy_large.parquet" && it.rule == "string-type" }
// reported, with its reason, never silently: the log, the summary table, validation.json and the JUnit report
assert r.status == "PASS" && r.findings.isEmpty()
assert r.suppressed[0].reason == "read only by our Java stage, which reads LargeUtf8"
assert r.suppressed[0].column == "peptidoform"
assert log.contains("[INFO] suppressed (read only by our Java stage, which reads LargeUtf8): [string-type] legacy_large.parquet, column 'peptidoform': an Arrow reader types it LargeUtf8")
assert log =~ /string-type\s+PASS \+1 suppressed/
def junit = new File(basedir, "target/artifact-io/TEST-artifact-io.xml").text
assert junit.contains("suppressed (read only by our Java stage, which reads LargeUtf8): [string-type] legacy_large.parquet")
assert json.passed
assert log.contains("BUILD SUCCESS")
