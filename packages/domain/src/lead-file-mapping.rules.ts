/**
 * Which column of an uploaded lead file fills which lead field. A file's header is read once and a
 * mapping suggested from it: each lead field takes the first column whose header is one of its
 * names (case, spaces, punctuation and accents do not count, so "E-mail", "email" and "Émail"
 * are one name), the profile URL column may also be recognised by its values, and every other
 * column becomes a custom variable named after its header. The suggestion is only a suggestion:
 * the caller sends the mapping it wants with the import.
 */
import { publicIdentifierFromUrl } from './public-identifier.js';
import { variableNameProblem } from './variable-name.rules.js';
import { CORE_VARIABLES } from './vocabulary.js';

/** The lead fields a column can fill (besides custom variables). */
export const LEAD_FILE_FIELDS = [
  'profileUrl',
  'publicIdentifier',
  'firstName',
  'lastName',
  'fullName',
  'companyName',
  'email',
  'headline',
  'phone',
  'website',
  'summary',
] as const;
export type LeadFileField = (typeof LEAD_FILE_FIELDS)[number];

/** Lead field to column name; `customVariables` maps a variable name to a column name. */
export type LeadFileMapping = { [Field in LeadFileField]?: string | undefined } & {
  customVariables?: Record<string, string> | undefined;
};

/**
 * Header names per field, in their normalised form (see `normalizeHeader`). Taken from the exports
 * people bring: the network's own and its sales tool's, enrichment and automation tools, CRMs, in
 * English, French, German and Spanish.
 */
const FIELD_NAMES: Readonly<Record<LeadFileField, readonly string[]>> = {
  profileUrl: [
    'profileurl',
    'linkedinurl',
    'linkedinprofileurl',
    'linkedinprofile',
    'linkedinprofilelink',
    'linkedinlink',
    'linkedin',
    'personlinkedinurl',
    'profilelink',
    'publicprofileurl',
    'defaultprofileurl',
    'networkurl',
    'urldeprofil',
    'urlprofillinkedin',
    'urlduprofil',
    'urllinkedin',
    'profilurl',
  ],
  publicIdentifier: [
    'publicidentifier',
    'publicid',
    'publicprofileid',
    'vanityname',
    'linkedinusername',
    'linkedinid',
    'linkedinhandle',
    'username',
  ],
  firstName: ['firstname', 'first', 'givenname', 'forename', 'prenom', 'vorname', 'nombre'],
  lastName: [
    'lastname',
    'last',
    'surname',
    'familyname',
    'nom',
    'nomdefamille',
    'nachname',
    'apellido',
    'apellidos',
  ],
  fullName: ['fullname', 'name', 'contactname', 'personname', 'leadname', 'nomcomplet', 'vollstandigername'],
  companyName: [
    'companyname',
    'company',
    'currentcompany',
    'organization',
    'organisation',
    'organizationname',
    'employer',
    'accountname',
    'entreprise',
    'societe',
    'nomdelentreprise',
    'firma',
    'unternehmen',
    'empresa',
  ],
  email: [
    'email',
    'emailaddress',
    'mail',
    'workemail',
    'businessemail',
    'professionalemail',
    'courriel',
    'adresseemail',
    'adressemail',
    'correo',
    'correoelectronico',
  ],
  headline: [
    'headline',
    'title',
    'jobtitle',
    'currenttitle',
    'position',
    'occupation',
    'poste',
    'titre',
    'intitule',
    'titel',
    'cargo',
  ],
  phone: [
    'phone',
    'phonenumber',
    'telephone',
    'tel',
    'mobile',
    'mobilephone',
    'workphone',
    'portable',
    'telefon',
    'telefono',
  ],
  website: ['website', 'companywebsite', 'web', 'siteweb', 'siteinternet', 'webseite', 'sitioweb'],
  summary: ['summary', 'about', 'bio', 'description', 'resume', 'apropos', 'infos'],
};

const FIELD_BY_NAME: ReadonlyMap<string, LeadFileField> = new Map(
  LEAD_FILE_FIELDS.flatMap((field) => FIELD_NAMES[field].map((name) => [name, field] as const)),
);

/** Lower case, accents and every character but letters and digits removed: "E-Mail " -> "email". */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** The lead field a header names, or null. */
export function leadFieldOfHeader(header: string): LeadFileField | null {
  return FIELD_BY_NAME.get(normalizeHeader(header)) ?? null;
}

/**
 * A custom variable name for a header that names no lead field, valid under the one rule of
 * variable names: "Company size" -> `companySize`, "2nd degree?" -> `_2ndDegree`, "#" -> `column3`
 * (its position, from 1). Names in `taken` (and the core variables, which a custom variable must
 * not shadow) get a number: `industry2`.
 */
export function customVariableNameFor(
  header: string,
  position: number,
  taken: ReadonlySet<string> = new Set(),
): string {
  const words = header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '');
  const camel = words
    .map((word, index) =>
      index === 0
        ? word.charAt(0).toLowerCase() + word.slice(1)
        : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join('');
  const shaped = camel === '' ? `column${position}` : /^[0-9]/.test(camel) ? `_${camel}` : camel;
  const base = shaped.slice(0, 60);
  const unavailable = (name: string) =>
    taken.has(name) ||
    (CORE_VARIABLES as readonly string[]).includes(name) ||
    variableNameProblem(name) !== null;
  if (!unavailable(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}${suffix}`;
    if (!unavailable(candidate)) return candidate;
  }
}

/** The most custom variables a lead may have (the contract's `customVariablesMaxCount`). */
export const MAX_LEAD_CUSTOM_VARIABLES = 100;

/** Share of a column's non-empty sample values that must be profile URLs to recognise it by its values. */
const PROFILE_URL_SHARE = 0.5;

/**
 * The mapping suggested for a file with these columns (unique names, in file order) and these first
 * rows (cells in column order). Null when no column can identify a lead (neither a profile URL nor
 * a public identifier), since a mapping without one is not valid. At most
 * `MAX_LEAD_CUSTOM_VARIABLES` custom variables, the first columns first.
 */
export function suggestLeadFileMapping(
  columns: readonly string[],
  sampleRows: ReadonlyArray<readonly string[]> = [],
): LeadFileMapping | null {
  const mapping: LeadFileMapping = {};
  const used = new Set<number>();
  columns.forEach((column, index) => {
    const field = leadFieldOfHeader(column);
    if (field !== null && mapping[field] === undefined) {
      mapping[field] = column;
      used.add(index);
    }
  });
  if (mapping.profileUrl === undefined) {
    const byValues = columns.findIndex(
      (_column, index) => !used.has(index) && holdsProfileUrls(sampleRows.map((row) => row[index] ?? '')),
    );
    const column = columns[byValues];
    if (column !== undefined) {
      mapping.profileUrl = column;
      used.add(byValues);
    }
  }
  if (mapping.profileUrl === undefined && mapping.publicIdentifier === undefined) return null;
  const customVariables: Record<string, string> = {};
  const names = new Set<string>();
  columns.forEach((column, index) => {
    if (used.has(index) || names.size >= MAX_LEAD_CUSTOM_VARIABLES) return;
    const name = customVariableNameFor(column, index + 1, names);
    names.add(name);
    customVariables[name] = column;
  });
  if (names.size > 0) mapping.customVariables = customVariables;
  return mapping;
}

function holdsProfileUrls(values: readonly string[]): boolean {
  const filled = values.map((value) => value.trim()).filter((value) => value !== '');
  if (filled.length === 0) return false;
  const urls = filled.filter((value) => /\/in\//i.test(value) && publicIdentifierFromUrl(value) !== null);
  return urls.length / filled.length >= PROFILE_URL_SHARE;
}
