// Next.js bundles the admin components' CSS modules; this types their class maps for tsc.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>
  export default classes
}
