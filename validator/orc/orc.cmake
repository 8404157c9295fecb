# orc/orc: sources and tests (target_sources on colcheck_validator).
