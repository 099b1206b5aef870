export interface ProcessCounts {
  apis: number;
  runners: number;
  dispatchers: number;
}

export declare function processCounts(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  variables: Record<keyof ProcessCounts, string>,
): ProcessCounts;
