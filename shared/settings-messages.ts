// Settings tab wording (the spec's settings tab is a placeholder: our own words).
export const SETTINGS_SAVED = 'Settings saved'
export const SETTINGS_SAVED_DESCRIPTION = 'The site shows the changes from the next page you open.'
export const FAILED_TO_SAVE_SETTINGS = 'Failed to save settings'
export const FAILED_TO_LOAD_SETTINGS = 'Failed to load settings'
