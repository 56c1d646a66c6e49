/** A setting the deployment must provide (lib/api.ts); its absence is a deployment error. */
export function requiredEnvironment(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}
