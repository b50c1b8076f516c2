-- Writes testdata/writers/duckdb_precursors.parquet with DuckDB's writer (DuckDB 2.0.0.1 here, the version of the
-- build's duckdb_jdbc): 10,000 rows of a precursor library, 7 columns of which one is a list, SNAPPY (DuckDB's
-- default). Every value is a function of the row number, so the rows do not depend on a random generator. Run it in
-- testdata/writers with the DuckDB shell (duckdb < duckdb_precursors.sql) or as WriterFilesTest does, through JDBC.
COPY (
  SELECT
    i::UINTEGER AS candidate_id,
    round(400 + i * 0.08 + (i * 7919 % 50) / 10000, 4)::DOUBLE AS precursor_mz,
    (2 + i * 31 % 3)::UTINYINT AS charge,
    substr('ACDEFGHIKLMNPQRSTVWYACDEFGHIKLMNPQRSTVWY', 1 + i * 7 % 20, 4 + i * 13 % 5) || 'K' AS peptide,
    round(i * 0.006 + (i * 37 % 100) / 100, 2)::FLOAT AS rt,
    i % 2 = 1 AS is_decoy,
    CASE WHEN i % 97 = 0 THEN NULL
         ELSE [(100 + (i * (k + 1) * 53) % 900 + 0.25)::FLOAT FOR k IN range(i * 11 % 7)] END AS fragment_mz
  FROM range(10000) t(i)
) TO 'duckdb_precursors.parquet' (FORMAT parquet);
