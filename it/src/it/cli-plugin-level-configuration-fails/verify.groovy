log = new File(basedir, "build.log").text
// plugin-level configuration reaches a goal typed by hand: the contract runs and finds the gap
assert log.contains("[ERROR] [contiguous-ids] library_precursors.parquet, column 'candidate_id', row group 0: id 3001 at row 3000")
assert !log.contains("runs from the command line with no configuration of its own")
assert log.contains("BUILD FAILURE")
