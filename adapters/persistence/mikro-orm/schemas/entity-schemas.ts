import { BigIntType, EntitySchema, type EntitySchemaMetadata } from '@mikro-orm/core';
import { BIGINT_AS_NUMBER } from './column-types.js';
import type { AnyTableDefinition } from './table-definition.js';

const made = new WeakMap<object, EntitySchema>();

/**
 * MikroORM's `EntitySchema` of a table definition, made once (MikroORM keeps schemas it has seen):
 * the plain definition with each column type marker as the MikroORM type it stands for.
 */
export const entitySchemaOf = (definition: AnyTableDefinition): EntitySchema => {
  let schema = made.get(definition);
  if (schema === undefined) {
    const properties = Object.fromEntries(
      Object.entries(definition.properties ?? {}).map(([name, property]) => [
        name,
        typeof property === 'object' &&
        property !== null &&
        'type' in property &&
        property.type === BIGINT_AS_NUMBER
          ? { ...property, type: new BigIntType('number') }
          : property,
      ]),
    );
    // trust boundary: each definition was typed as MikroORM's definition of its row (`defineTable`).
    schema = new EntitySchema({ ...definition, properties } as EntitySchemaMetadata<unknown>);
    made.set(definition, schema);
  }
  return schema;
};
