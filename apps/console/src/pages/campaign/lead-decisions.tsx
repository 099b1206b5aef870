import type { components } from '@outreach/client';

type Lead = components['schemas']['Lead'];

const SOURCE: Record<string, string> = {
  model: 'AI model',
  keyword: 'keyword rules',
  fallback: 'fallback',
};

/** The AI's decisions on a lead with their reasons, and who made them (model, rules or fallback). */
export function LeadDecisions({ lead }: { lead: Lead }) {
  const count = lead.icpDecisions.length + lead.variantChoices.length + (lead.screenerAnalysis ? 1 : 0);
  if (count === 0) return <>None yet</>;
  return (
    <details>
      <summary>
        {count} decision{count === 1 ? '' : 's'}
      </summary>
      <ul className="decisions">
        {lead.icpDecisions.map((d) => (
          <li key={`icp-${d.definitionKey}-${d.decidedAt}`}>
            Ideal customer profile: {d.matches ? 'matches' : 'does not match'}: {d.reason} ({SOURCE[d.source]}
            {d.failure ? `, model ${d.failure}` : ''})
          </li>
        ))}
        {lead.variantChoices.map((c) => (
          <li key={`choice-${c.stepId}-${c.chosenAt}`}>
            Variant choice: {c.reason}
            {c.content !== 'variant' && ` (sent ${c.content.replaceAll('_', ' ')})`}
            {c.aiTools
              .filter((tool) => tool.source === 'fallback')
              .map((tool) => ` · ${tool.key}: generic text used (${tool.failure ?? 'fallback'})`)}
          </li>
        ))}
        {lead.screenerAnalysis && (
          <li>
            Reply read as “{lead.screenerAnalysis.label.replaceAll('_', ' ')}” (
            {Math.round(lead.screenerAnalysis.confidence * 100)}% confident): {lead.screenerAnalysis.reason} (
            {SOURCE[lead.screenerAnalysis.source]})
          </li>
        )}
      </ul>
    </details>
  );
}
