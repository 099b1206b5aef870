import { Schema } from 'mongoose';

/** Who did something: a person, an API key, the CLI, or nobody signed in. */
export interface ActorRecord<Type extends string> {
  type: Type;
  id: string | null;
  label: string | null;
}

/**
 * The sub-schema of an actor with the given kinds. The field is named `type`, which mongoose
 * reads as a path's type unless spelled `{ type: { type: String } }` as here.
 */
export function actorSchema(types: readonly string[], { idRequired = false } = {}) {
  return new Schema(
    {
      type: { type: String, enum: types, required: true },
      id: idRequired ? { type: String, required: true } : { type: String, default: null },
      label: { type: String, default: null },
    },
    { _id: false, strict: 'throw' },
  );
}
