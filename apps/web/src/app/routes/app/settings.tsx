import { AccountDataLink, ExportAllLink } from "@/components/export-all-link.tsx";
import { Page, Section } from "@/components/ui/page.tsx";
import { TierBadge } from "@/components/ui/tier-badge.tsx";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { SignOutButton } from "@/features/auth/components/sign-out-button.tsx";
import { AppearanceSection } from "@/features/settings/components/appearance-section.tsx";
import { DeleteAccountSection } from "@/features/settings/components/delete-account-section.tsx";
import { PersonalSection } from "@/features/settings/components/personal-section.tsx";
import { ProfileSection } from "@/features/settings/components/profile-section.tsx";
import { ShareLinksSection } from "@/features/settings/components/share-links-section.tsx";
import { useSession } from "@/lib/session.tsx";

function SettingsScreen() {
  const { user, tier } = useSession();
  if (!user) return null;
  return (
    <Page
      title="Settings"
      description="Your profile, how Nexus answers you, appearance and account."
      width="narrow"
    >
      <div className="flex flex-col gap-6">
        <ProfileSection user={user} />
        <PersonalSection userId={user.id} />
        <AppearanceSection />
        <ShareLinksSection />
        <Section
          id="export"
          title="Export"
          description="Every thread of your history as a ZIP: one Markdown file per thread, with its sources, and an index.json. Or everything Nexus keeps of your account: your profile and settings, history, files as you uploaded them, agents, share links, research and usage."
        >
          <div className="flex flex-wrap gap-2">
            <ExportAllLink />
            <AccountDataLink />
          </div>
        </Section>
        <Section id="session" title="Session">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
              Signed in as <strong className="font-medium text-fg">{user.email}</strong>
              <TierBadge tier={tier} />
            </p>
            <SignOutButton />
          </div>
        </Section>
        <DeleteAccountSection user={user} />
      </div>
    </Page>
  );
}

export function SettingsRoute() {
  return (
    <RequireSignIn area="Settings">
      <SettingsScreen />
    </RequireSignIn>
  );
}
