import { endpoint } from '../endpoint.js';
import { Settings, SettingsPatch } from '../settings.js';

export const settingsEndpoints = {
  getSettings: endpoint({
    method: 'GET',
    path: '/api/settings',
    summary: "The caller's settings (the defaults for a visitor)",
    tag: 'settings',
    responses: { 200: Settings },
  }),
  updateSettings: endpoint({
    method: 'PATCH',
    path: '/api/settings',
    summary: 'Changes some settings; a visitor becomes a guest',
    tag: 'settings',
    body: SettingsPatch,
    responses: { 200: Settings },
  }),
};
