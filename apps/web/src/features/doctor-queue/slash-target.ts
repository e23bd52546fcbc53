/**
 * Who answers the `/` key on the doctor page. The sidebar's patient search has it by default; an
 * open examination claims it for the diagnosis search while it is on screen.
 */
let claims = 0;

export function claimSlash(): () => void {
  claims += 1;
  return () => {
    claims -= 1;
  };
}

export const slashClaimed = () => claims > 0;
