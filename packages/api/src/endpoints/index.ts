import { accountEndpoints } from './account.js';
import { authEndpoints } from './auth.js';
import { bandEndpoints } from './bands.js';
import { contactEndpoints } from './contact.js';
import { contentEndpoints } from './content.js';
import { emailEndpoints } from './email.js';
import { learningEndpoints } from './learning.js';
import { memoryEndpoints } from './memory.js';
import { placementEndpoints } from './placement.js';
import { settingsEndpoints } from './settings.js';
import { statsEndpoints } from './stats.js';
import { statusEndpoints } from './status.js';
import { transferEndpoints } from './transfer.js';
import { userLanguageEndpoints } from './user-languages.js';

export {
  accountEndpoints,
  authEndpoints,
  bandEndpoints,
  contactEndpoints,
  contentEndpoints,
  emailEndpoints,
  learningEndpoints,
  memoryEndpoints,
  placementEndpoints,
  settingsEndpoints,
  statsEndpoints,
  statusEndpoints,
  transferEndpoints,
  userLanguageEndpoints,
};
export { LanguagePath } from './language-path.js';
export { WordsQuery } from './learning.js';
export { RecordQuery } from './user-languages.js';
export { FileBytes } from './transfer.js';

/** Every endpoint of the API, by module: the server registers each, the OpenAPI document lists each. */
export const endpointGroups = {
  status: statusEndpoints,
  auth: authEndpoints,
  account: accountEndpoints,
  content: contentEndpoints,
  learning: learningEndpoints,
  bands: bandEndpoints,
  userLanguages: userLanguageEndpoints,
  transfer: transferEndpoints,
  placement: placementEndpoints,
  contact: contactEndpoints,
  settings: settingsEndpoints,
  stats: statsEndpoints,
  memory: memoryEndpoints,
  email: emailEndpoints,
};

type Groups = typeof endpointGroups;
/** The union of every declaration's type, from which the web's client takes its paths. */
export type AnyEndpoint = { [G in keyof Groups]: Groups[G][keyof Groups[G]] }[keyof Groups];

export const allEndpoints: readonly AnyEndpoint[] = Object.values(endpointGroups).flatMap(
  (group) => Object.values(group) as AnyEndpoint[],
);
