/** Finds the path template of the document that a request path belongs to. */

/**
 * `/v1/campaigns/cmp_1/pause?x=1` -> `/v1/campaigns/{campaignId}/pause`. A template given as such is
 * returned as is. Where several templates fit, the one with the most literal segments wins, as a
 * router would pick `/v1/hooks/subscribe` over `/v1/hooks/{id}`.
 */
export function findPathTemplate(templates: Iterable<string>, requestPath: string): string | undefined {
  const path = stripQueryAndTrailingSlash(requestPath);
  const candidates = [...templates];
  if (candidates.includes(path)) return path;

  const segments = path.split('/');
  let best: { template: string; literals: number } | undefined;
  for (const template of candidates) {
    const literals = countLiteralMatches(template.split('/'), segments);
    if (literals !== undefined && (best === undefined || literals > best.literals)) {
      best = { template, literals };
    }
  }
  return best?.template;
}

function stripQueryAndTrailingSlash(requestPath: string): string {
  const path = requestPath.split(/[?#]/, 1)[0] ?? '';
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** Literal segments matched, or undefined when the template does not fit the path. */
function countLiteralMatches(
  templateSegments: readonly string[],
  segments: readonly string[],
): number | undefined {
  if (templateSegments.length !== segments.length) return undefined;
  let literals = 0;
  for (const [index, expected] of templateSegments.entries()) {
    const actual = segments[index] ?? '';
    if (/^\{[^}]+\}$/.test(expected)) {
      if (actual === '') return undefined;
    } else if (expected === actual) {
      literals += 1;
    } else {
      return undefined;
    }
  }
  return literals;
}
