import { createContext, useContext, type ReactNode } from 'react';
import type { Schemas } from '../../../clients/typescript/index';
import { api } from './session';

/**
 * What the signed-in person may do, from GET /me/navigation (grants) and GET /me/capabilities
 * (product toggles at their home scope). Screens and buttons follow it; the API enforces it anyway.
 */
export interface Access {
  subject: Schemas['Navigation']['subject'];
  /** Permissions held at some scope where their capability is on. */
  can(permission: string): boolean;
  /** Scopes (refs) where a permission is held and available. */
  scopesOf(permission: string): string[];
  capability(name: string): boolean;
}

export function accessFrom(navigation: Schemas['Navigation'], capabilities: { items: Array<{ name: string; enabled: boolean }> }): Access {
  const scopes = new Map<string, string[]>();
  for (const area of navigation.areas) {
    for (const p of area.permissions) {
      scopes.set(p.permission, p.scopes.filter((s) => s.available).map((s) => s.scope_ref));
    }
  }
  const off = new Set(capabilities.items.filter((c) => !c.enabled).map((c) => c.name));
  return {
    subject: navigation.subject,
    can: (permission) => (scopes.get(permission)?.length ?? 0) > 0,
    scopesOf: (permission) => scopes.get(permission) ?? [],
    capability: (name) => !off.has(name),
  };
}

/** The signed-in person's access: their navigation and capabilities, read together. */
export async function loadAccess() {
  const [navigation, capabilities] = await Promise.all([api.GET('/me/navigation'), api.GET('/me/capabilities')]);
  if (!navigation.data) return { error: navigation.error, response: navigation.response };
  if (!capabilities.data) return { error: capabilities.error, response: capabilities.response };
  return { data: accessFrom(navigation.data, capabilities.data), response: navigation.response };
}

const AccessContext = createContext<Access | null>(null);

export function AccessProvider({ access, children }: { access: Access; children: ReactNode }) {
  return <AccessContext.Provider value={access}>{children}</AccessContext.Provider>;
}

export function useAccess(): Access {
  const access = useContext(AccessContext);
  if (!access) throw new Error('useAccess outside AccessProvider');
  return access;
}

/** The console's settings from the server (GET /console/config.json). */
export interface ConsoleSettings {
  temporal_ui_url: string | null;
  temporal_namespace: string;
  mode: 'sandbox' | 'production';
}

const SettingsContext = createContext<ConsoleSettings>({ temporal_ui_url: null, temporal_namespace: 'default', mode: 'production' });
export const SettingsProvider = SettingsContext.Provider;
export const useSettings = () => useContext(SettingsContext);

/** Link to a workflow in the Temporal Web UI, or null when no UI is configured. */
export function workflowUrl(settings: ConsoleSettings, workflowId: string): string | null {
  if (!settings.temporal_ui_url) return null;
  return `${settings.temporal_ui_url.replace(/\/$/, '')}/namespaces/${encodeURIComponent(settings.temporal_namespace)}/workflows/${encodeURIComponent(workflowId)}`;
}
