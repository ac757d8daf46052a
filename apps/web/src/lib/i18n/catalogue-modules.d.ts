// Build-time catalogue modules made by apps/web/build/catalogue-plugin.ts from src/locales/.

declare module "virtual:nexus-catalogue/*" {
  const messages: Readonly<Record<string, import("@lingui/core").Messages[string]>>;
  export default messages;
}
