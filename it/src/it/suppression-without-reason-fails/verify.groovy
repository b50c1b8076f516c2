log = new File(basedir, "build.log").text
assert log.contains("artifact-io:validate is misconfigured: suppression {files=**/legacy_large.parquet, rule=string-type}: no <reason>; a suppression says why the finding is acceptable")
assert log.contains("BUILD FAILURE")
