/**
 * A finding (a round's discrepancy, a session's or a gaming day's finding) as a person reads it: the
 * explanation in their language where the API gives one (else the rules' message), the citation in legal
 * form (else the line pointer) and, where the API has the official texts, the cited sentence in the
 * original language beside it. Texts the server writes are marked `data-server-text`.
 */
import { useT } from '../language';

export interface ExplainedFinding {
  code: string;
  message: string;
  citation: string;
  explanation?: string;
  legalCitation?: string;
  originalText?: string;
  /** what to show instead of an expected or recorded sentence the rules write in English only (issue 16) */
  expectedShown?: string;
  recordedShown?: string;
}

export function FindingWhat({ f }: { f: ExplainedFinding }) {
  return <span data-server-text>{f.explanation ?? f.message}</span>;
}

/** Beside an explanation, the rules' own message and line pointer (the bet, the values, the lines), folded away. */
export function FindingDetail({ f }: { f: ExplainedFinding }) {
  const tr = useT();
  if (!f.explanation) return null;
  return (
    <details className="rules-detail">
      <summary>{tr.t('web:finding.detail')}</summary>
      <span data-server-text>
        {f.message} ({f.citation})
      </span>
    </details>
  );
}

export function FindingCitation({ f }: { f: Pick<ExplainedFinding, 'citation' | 'legalCitation' | 'originalText'> }) {
  return (
    <>
      <cite data-server-text title={f.legalCitation ? f.citation : undefined}>
        {f.legalCitation ?? f.citation}
      </cite>
      {f.originalText && (
        <blockquote className="original-text" data-server-text>
          {f.originalText}
        </blockquote>
      )}
    </>
  );
}
