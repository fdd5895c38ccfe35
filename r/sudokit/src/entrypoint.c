/* The package's routines are registered by the Rust library (extendr): R calls this
 * function when it loads the package, and it hands over to the Rust side. Calling it
 * from C also keeps the linker from dropping the static library. */
void R_init_sudokit_extendr(void *dll);

void R_init_sudokit(void *dll) {
    R_init_sudokit_extendr(dll);
}
