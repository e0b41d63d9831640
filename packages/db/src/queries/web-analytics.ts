// Web Analytics and Speed Insights rows (schema/web-analytics.ts), by job: the collector's batch
// writes, the read side's vocabulary, the daily rollups and retention (the worker's hourly sweep),
// and the tabs' reports; the SQL the last two share is web-analytics-sql.ts.
export * from './web-analytics-reports';
export * from './web-analytics-rollups';
export * from './web-analytics-terms';
export * from './web-analytics-writes';
