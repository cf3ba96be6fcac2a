; Runetable's Windows installer, for Inno Setup 6.3 or later.
;
; Build the program first (PyInstaller with packaging\runetable.spec, which also writes
; build\icons\runetable.ico), then, from the checkout:
;
;   iscc /DAppVersion=0.1.0 packaging\windows\runetable.iss
;
; Output: dist\runetable-<version>-windows-x64-setup.exe
;
; A per-user install: no administrator rights are asked for. The program goes to
; %LOCALAPPDATA%\Programs\Runetable, the Start-menu entry to the user's Start menu,
; .runetable saves open in Runetable when double-clicked, and Windows' "Installed apps"
; lists an uninstaller that removes all of it (saves in %APPDATA%\Runetable\Runetable
; and settings in %LOCALAPPDATA%\Runetable\Runetable are the player's and stay).

#ifndef AppVersion
  #error Pass the version on the command line: iscc /DAppVersion=X.Y.Z runetable.iss
#endif
#define AppName "Runetable"
#define AppExe "runetable.exe"
#define SaveProgId "Runetable.Save"

[Setup]
; The AppId ties upgrades and the uninstaller together: never change it.
AppId={{A8097BD2-1545-4C47-9113-0671CA7B70C2}
AppName={#AppName}
AppVersion={#AppVersion}
AppPublisher={#AppName}
AppVerName={#AppName} {#AppVersion}
PrivilegesRequired=lowest
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
ChangesAssociations=yes
SourceDir=..\..
OutputDir=dist
OutputBaseFilename=runetable-{#AppVersion}-windows-x64-setup
SetupIconFile=build\icons\runetable.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "dist\runetable\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Registry]
; .runetable saves: per user (HKA is HKCU in a per-user install), removed on uninstall.
Root: HKA; Subkey: "Software\Classes\.runetable"; ValueType: string; ValueName: ""; ValueData: "{#SaveProgId}"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.runetable\OpenWithProgids"; ValueType: string; ValueName: "{#SaveProgId}"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\{#SaveProgId}"; ValueType: string; ValueName: ""; ValueData: "Runetable saved match"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#SaveProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExe},0"
Root: HKA; Subkey: "Software\Classes\{#SaveProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".runetable"; ValueData: ""; Flags: uninsdeletekey

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
