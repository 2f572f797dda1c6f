# Read by cpack once per generator (CPACK_PROJECT_CONFIG_FILE in CMakeLists.txt). The .deb installs
# under /usr; the tar.gz holds the same tree without the /usr prefix: bin/tilegrade,
# share/tilegrade/assignments, share/doc/tilegrade/README.md, in one top folder.
if(CPACK_GENERATOR STREQUAL "TGZ")
  set(CPACK_PACKAGING_INSTALL_PREFIX "")
endif()
