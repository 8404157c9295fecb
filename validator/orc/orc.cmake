# The ORC validator: tail, footer, type tree and stripe rules, and the
# driver. The protobuf reader, compression framing and stream encodings have
# their own fragments.
target_sources(colcheck_validator PRIVATE
  orc/tail.cc
  orc/footer.cc
  orc/types.cc
  orc/stripe.cc
  orc/column_names.cc
  orc/orc_validator.cc)

if(COLCHECK_BUILD_TESTS)
  colcheck_test(orc_rules_test orc/orc_validator_test.cc orc/types_test.cc
                orc/column_names_test.cc
                orc/stripe_test.cc)
endif()
