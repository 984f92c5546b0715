import { endpoint } from '../endpoint.js';
import { LanguageCharts, Summary, TimeZoneQuery } from '../stats.js';
import { LanguagePath } from './language-path.js';

export const statsEndpoints = {
  summary: endpoint({
    method: 'GET',
    path: '/api/stats/summary',
    summary: 'Streak, daily goal and XP (zeros for a visitor)',
    tag: 'stats',
    query: TimeZoneQuery,
    responses: { 200: Summary },
  }),
  languageCharts: endpoint({
    method: 'GET',
    path: '/api/{language}/progress',
    summary: 'Charts of one language: words learned, reviews per day, retention, forecast',
    tag: 'stats',
    params: LanguagePath,
    query: TimeZoneQuery,
    responses: { 200: LanguageCharts },
  }),
};
