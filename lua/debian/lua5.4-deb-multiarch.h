/* Debian's luaconf.h includes this header (debian/rules writes it at package build time) to name
   package.cpath's folder. Scripts get no `package` library, so any name does. A file here rather
   than one written into the build folder keeps every compile command the same across build
   folders, so the static build reuses the ordinary build's objects (ccache). */
#define DEB_HOST_MULTIARCH "tilegrade"
