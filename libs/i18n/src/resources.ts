/**
 * Every message of every language, loaded statically (the server, the CLI and the pages' bundle read
 * the same files). One JSON file per language and namespace under `libs/i18n/locales/`; a namespace
 * belongs to one part of the product so that parts can be translated without touching each other.
 */
import type { Language } from './languages';
import es_common from '../locales/es/common.json';
import es_web from '../locales/es/web.json';
import es_reports from '../locales/es/reports.json';
import es_cli from '../locales/es/cli.json';
import es_errors from '../locales/es/errors.json';
import es_findings from '../locales/es/findings.json';
import es_replay from '../locales/es/replay.json';
import es_narrative from '../locales/es/narrative.json';
import eu_common from '../locales/eu/common.json';
import eu_web from '../locales/eu/web.json';
import eu_reports from '../locales/eu/reports.json';
import eu_cli from '../locales/eu/cli.json';
import eu_errors from '../locales/eu/errors.json';
import eu_findings from '../locales/eu/findings.json';
import eu_replay from '../locales/eu/replay.json';
import eu_narrative from '../locales/eu/narrative.json';
import ca_common from '../locales/ca/common.json';
import ca_web from '../locales/ca/web.json';
import ca_reports from '../locales/ca/reports.json';
import ca_cli from '../locales/ca/cli.json';
import ca_errors from '../locales/ca/errors.json';
import ca_findings from '../locales/ca/findings.json';
import ca_replay from '../locales/ca/replay.json';
import ca_narrative from '../locales/ca/narrative.json';
import gl_common from '../locales/gl/common.json';
import gl_web from '../locales/gl/web.json';
import gl_reports from '../locales/gl/reports.json';
import gl_cli from '../locales/gl/cli.json';
import gl_errors from '../locales/gl/errors.json';
import gl_findings from '../locales/gl/findings.json';
import gl_replay from '../locales/gl/replay.json';
import gl_narrative from '../locales/gl/narrative.json';
import en_common from '../locales/en/common.json';
import en_web from '../locales/en/web.json';
import en_reports from '../locales/en/reports.json';
import en_cli from '../locales/en/cli.json';
import en_errors from '../locales/en/errors.json';
import en_findings from '../locales/en/findings.json';
import en_replay from '../locales/en/replay.json';
import en_narrative from '../locales/en/narrative.json';

export const NAMESPACES = ['common', 'web', 'reports', 'cli', 'errors', 'findings', 'replay', 'narrative'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export type Messages = { [key: string]: string | Messages };

export const RESOURCES: Record<Language, Record<Namespace, Messages>> = {
  es: {
    common: es_common,
    web: es_web,
    reports: es_reports,
    cli: es_cli,
    errors: es_errors,
    findings: es_findings,
    replay: es_replay,
    narrative: es_narrative,
  },
  eu: {
    common: eu_common,
    web: eu_web,
    reports: eu_reports,
    cli: eu_cli,
    errors: eu_errors,
    findings: eu_findings,
    replay: eu_replay,
    narrative: eu_narrative,
  },
  ca: {
    common: ca_common,
    web: ca_web,
    reports: ca_reports,
    cli: ca_cli,
    errors: ca_errors,
    findings: ca_findings,
    replay: ca_replay,
    narrative: ca_narrative,
  },
  gl: {
    common: gl_common,
    web: gl_web,
    reports: gl_reports,
    cli: gl_cli,
    errors: gl_errors,
    findings: gl_findings,
    replay: gl_replay,
    narrative: gl_narrative,
  },
  en: {
    common: en_common,
    web: en_web,
    reports: en_reports,
    cli: en_cli,
    errors: en_errors,
    findings: en_findings,
    replay: en_replay,
    narrative: en_narrative,
  },
};
