/**
 * rc-table measures the browser's scrollbar when every table mounts, in a layout effect: it adds a style element
 * and a scrolling box to the document, reads their sizes and takes both out again. That forces the whole
 * page's style and layout inside the commit that shows the table, twice, and the state it sets re-renders the
 * table synchronously: on a phone's CPU (4x) about 110–190 ms of a report's main thread, its longest task.
 * The size is read only by a table with a fixed header (`scroll.y`) or a sticky one, which the console has
 * none of, so the build measures only for those (and again when a table becomes one). Written against
 * @rc-component/table 1.11: the build fails when the code it rewrites has changed, to be looked at again.
 */
import type { Plugin } from "vite";

const TABLE_MODULE = /[\\/]@rc-component[\\/]table[\\/]es[\\/]Table\.js$/;
const MEASURE_ALWAYS = `  useLayoutEffect(() => {
    if (!tailor || !useInternalHooks) {`;
const MEASURE_IF_READ = `  const scrollbarIsRead = Boolean(fixHeader || isSticky);
  useLayoutEffect(() => {
    if (scrollbarIsRead && (!tailor || !useInternalHooks)) {`;
const MEASURED_ONCE =
  /(setScrollbarSize\(getTargetScrollBarSize\(scrollBodyContainerRef\.current\)\.width\);\s*\}\s*\}\s*)\}, \[\]\);/;

export function tableScrollbarOnlyWhenRead(): Plugin {
  return {
    name: "table-scrollbar-only-when-read",
    apply: "build",
    transform(code, id) {
      if (!TABLE_MODULE.test(id)) return null;
      if (!code.includes(MEASURE_ALWAYS) || !MEASURED_ONCE.test(code)) {
        throw new Error(`${id} no longer measures the scrollbar as web/build/tableScrollbar.ts expects`);
      }
      return code.replace(MEASURE_ALWAYS, MEASURE_IF_READ).replace(MEASURED_ONCE, "$1}, [scrollbarIsRead]);");
    },
  };
}
