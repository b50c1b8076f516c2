log = new File(basedir, "build.log").text
def json = new groovy.json.JsonSlurper().parse(new File(basedir, "target/artifact-io/validation.json"))
// OFF for legacy_*.parquet exempts that file only; before, it removed string-type for every file and this passed
assert json.results.find { it.file == "legacy_large.parquet" && it.rule == "string-type" } == null
def r = json.results.find { it.file == "polars_large.parquet" && it.rule == "string-type" }
assert r.status == "FAIL"
assert log.contains("[ERROR] [string-type] polars_large.parquet, column 'peptidoform': an Arrow reader types it LargeUtf8")
assert log.contains("BUILD FAILURE")
