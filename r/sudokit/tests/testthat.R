library(testthat)
library(sudokit)

test_check("sudokit")
