/** The workspace's records, by resource: what the change log and delta sync speak of. */
export const RECORD_RESOURCES = [
  'tasks',
  'clients',
  'projects',
  'notes',
  'categories',
  'cards',
  'times',
  'moneys',
] as const;
export type RecordResource = (typeof RECORD_RESOURCES)[number];

/** What a scope can name: the records, and the webhook subscriptions that follow them. */
export const SCOPED_RESOURCES = [...RECORD_RESOURCES, 'webhooks'] as const;
export type ScopedResource = (typeof SCOPED_RESOURCES)[number];
export type Access = 'read' | 'write';

/** `<resource>:read`, `<resource>:write` or `<resource>:*`. */
export type Scope = `${ScopedResource}:${Access | '*'}`;

const SCOPE = /^([a-z]+):(read|write|\*)$/;

export const parseScope = (text: string): Scope | null => {
  const match = SCOPE.exec(text.trim());
  if (!match) return null;
  const [, resource = ''] = match;
  return (SCOPED_RESOURCES as readonly string[]).includes(resource) ? (text.trim() as Scope) : null;
};

/** `write` does not imply `read`; the wildcard covers both. */
export const allows = (granted: readonly Scope[], resource: ScopedResource, access: Access): boolean =>
  granted.includes(`${resource}:${access}`) || granted.includes(`${resource}:*`);

export const ALL_SCOPES: readonly Scope[] = SCOPED_RESOURCES.flatMap((resource) =>
  (['read', 'write', '*'] as const).map((access): Scope => `${resource}:${access}`),
);

/** Every scope that grants `access` to `resource`: the exact one and the wildcard. */
export const acceptedScopes = (resource: ScopedResource, access: Access): readonly Scope[] => [
  `${resource}:${access}`,
  `${resource}:*`,
];
