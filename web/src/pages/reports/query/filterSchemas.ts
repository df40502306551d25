/** The report queries' schemas, which the report filters load when a value is first checked (lazySchemaRule). */
export { offlineReportQuery, onlineReportQuery } from "@pc/contract";
