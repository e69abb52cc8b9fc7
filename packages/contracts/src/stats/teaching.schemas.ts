/** Teaching statistics and the research-activity export (issue 25 item 5). */
export {};
